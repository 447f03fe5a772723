package main

import "io"

func isSubcommand(s string) bool { return false }

func runCLI(args []string, stdin io.Reader, stdout, stderr io.Writer) int { return 2 }
