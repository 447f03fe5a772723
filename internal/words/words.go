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

// Plural is one when n is 1, else many: Plural(n, "square", "squares").
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
