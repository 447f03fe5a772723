package protocol

import (
	"crypto/rand"
	"errors"
	"math/big"
	"strings"
)

// CodeLength is the length of an invitation code.
const CodeLength = 6

// CodeAlphabet is the letters of an invitation code: capitals and digits
// without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B), so a code read
// aloud or from a phone screen is typed right.
const CodeAlphabet = "ACDEFGHJKMNPQRTUVWXY34679"

// NewCode draws a random invitation code.
func NewCode() (string, error) {
	var b strings.Builder
	max := big.NewInt(int64(len(CodeAlphabet)))
	for i := 0; i < CodeLength; i++ {
		n, err := rand.Int(rand.Reader, max)
		if err != nil {
			return "", err
		}
		b.WriteByte(CodeAlphabet[n.Int64()])
	}
	return b.String(), nil
}

// NormalizeCode reads a code as a person typed or pasted it: case,
// spaces and dashes do not matter; a character outside the alphabet is
// refused in words, naming it.
func NormalizeCode(s string) (string, error) {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		switch {
		case r == ' ' || r == '-' || r == '\t':
			continue
		case strings.ContainsRune(CodeAlphabet, r):
			b.WriteRune(r)
		default:
			return "", errors.New("an invitation code has six letters and digits, like K7M3QX: " + string(r) + " is not one of them")
		}
	}
	if b.Len() != CodeLength {
		return "", errors.New("an invitation code has six letters and digits, like K7M3QX")
	}
	return b.String(), nil
}
