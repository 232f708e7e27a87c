from companion.cli.root import main

main()
