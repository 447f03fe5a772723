package games

import "strconv"

// SquareName gives the algebraic name of a square: file 0 is "a", rank 0 is
// "1" (the bottom rank as drawn).
func SquareName(file, rank int) string {
	return string(rune('a'+file)) + strconv.Itoa(rank+1)
}

// ParseSquare reads a square name on a board of the given size. Parsing is
// strict: lower-case file, rank without sign or leading zero.
func ParseSquare(s string, files, ranks int) (file, rank int, err error) {
	if len(s) < 2 || len(s) > 3 || s[0] < 'a' || s[0] > 'z' || s[1] < '1' || s[1] > '9' {
		return 0, 0, Refuse("Not a move: %q is not a square name.", s)
	}
	n := 0
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return 0, 0, Refuse("Not a move: %q is not a square name.", s)
		}
		n = n*10 + int(c-'0')
	}
	file, rank = int(s[0]-'a'), n-1
	if file >= files || rank >= ranks {
		return 0, 0, Refuse("%s is not a square of this board.", s)
	}
	return file, rank, nil
}
