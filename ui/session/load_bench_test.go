package session

import (
	"bytes"
	"runtime"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
)

// facesRecord is a legal arena game of n tokens that stays legal under
// any draw rule that counts turns: one turn of `face N` and `face S` in
// turn.
func facesRecord(n int) *games.Record {
	moves := make([]string, n)
	for i := range moves {
		moves[i] = []string{"face N", "face S"}[i%2]
	}
	return &games.Record{Game: "arena", Rules: map[string]any{}, Moves: moves}
}

// endsRecord is an arena game of n `end` tokens: every turn ended at once.
func endsRecord(n int) *games.Record {
	moves := make([]string, n)
	for i := range moves {
		moves[i] = "end"
	}
	return &games.Record{Game: "arena", Rules: map[string]any{}, Moves: moves}
}

func benchLoad(b *testing.B, rec *games.Record) {
	o := Options{Post: func(func()) {}}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		FromRecord(rec, o)
	}
}

// 40,000 `end` tokens: a legal arena game under the rules without a draw
// for turns without a hit; with one, refused early. Either way it must be
// quick.
func BenchmarkFromRecordArenaEnds40k(b *testing.B) { benchLoad(b, endsRecord(40000)) }

// A legal arena game of 40,000 random tokens (gametest.LongGame steers
// clear of the end, so it stays legal whatever draw rule the game has).
func BenchmarkFromRecordArena40k(b *testing.B) {
	g, _ := games.Lookup("arena")
	rec, _ := gametest.LongGame(b, g, map[string]any{}, 40000, 1)
	benchLoad(b, rec)
}

// BenchmarkFromRecordHeld reports the memory a loaded session holds for
// the games that allow long games, on a random legal game of up to 40,000
// tokens: held-B/token is what each token adds (the difference between
// holding the whole game and its first half, after a collection), what a
// longer game costs per token; held-MB the whole game's.
func BenchmarkFromRecordHeld(b *testing.B) {
	for _, c := range []struct {
		game  string
		rules map[string]any
	}{
		{"arena", map[string]any{"hp": 20}},
		{"alcazar", map[string]any{}},
		{"infiltration", map[string]any{"movement": "free", "forcedCapture": true, "multiJump": true}},
		{"revenge", map[string]any{}},
	} {
		b.Run(c.game, func(b *testing.B) {
			g, _ := games.Lookup(c.game)
			rec, _ := gametest.LongGame(b, g, c.rules, 40000, 1)
			half := *rec
			half.Moves = rec.Moves[:len(rec.Moves)/2]
			b.ResetTimer()
			var whole, first uint64
			for i := 0; i < b.N; i++ {
				whole, first = held(b, rec), held(b, &half)
			}
			b.ReportMetric(float64(len(rec.Moves)), "tokens")
			b.ReportMetric(float64(whole)/1e6, "held-MB")
			b.ReportMetric(float64(whole-first)/float64(len(rec.Moves)-len(half.Moves)), "held-B/token")
		})
	}
}

// held is the heap a session loaded from rec holds, after a collection.
func held(b *testing.B, rec *games.Record) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	s, err := FromRecord(rec, Options{Post: func(func()) {}})
	if err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(s)
	return after.HeapAlloc - before.HeapAlloc
}

// BenchmarkFromRecordArenaMaxSize loads the longest legal arena game a
// save of the largest size read holds (games.MaxRecordSize, written
// compact): one turn of `face N` and `face S` in turn, about 1.86 million
// tokens, legal under any draw rule that counts turns. held-MB is what the
// loaded session holds. (A save must name its seed: NOTATION.md.)
func BenchmarkFromRecordArenaMaxSize(b *testing.B) {
	var buf bytes.Buffer
	buf.WriteString(`{"game":"arena","seed":1,"moves":[`)
	for i := 0; buf.Len()+len(`"face N",`)+2 <= games.MaxRecordSize; i++ {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString([]string{`"face N"`, `"face S"`}[i%2])
	}
	buf.WriteString(`]}`)
	rec, err := games.DecodeRecord(buf.Bytes())
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	var h uint64
	for i := 0; i < b.N; i++ {
		h = held(b, rec)
	}
	b.ReportMetric(float64(len(rec.Moves)), "tokens")
	b.ReportMetric(float64(h)/1e6, "held-MB")
}
