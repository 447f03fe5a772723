// Package words holds the few helpers every part of the app uses to put
// things in English for players, so each is written once.
package words

import "strings"

// JoinAnd lists items as people write them: "Ana", "Ana and Ben", "Ana,
// Ben and Cy"; "" for none.
func JoinAnd(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// Winners is who won, as a headline: "Ana wins", "You win", "Ana and
// Ben win", and "Draw" when nobody did. "You" takes the verb without -s.
// Every result the app writes (the result banner, the status line, the
// saved games' list) starts with it.
func Winners(names []string) string {
	switch {
	case len(names) == 0:
		return "Draw"
	case len(names) == 1 && names[0] != "You":
		return names[0] + " wins"
	}
	return JoinAnd(names) + " win"
}

// Plural is one when n is 1, else many: Plural(n, "square", "squares").
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
