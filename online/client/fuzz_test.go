package client

import (
	"bytes"
	"testing"
	"time"

	"github.com/tabulagames/tabula/online/protocol"
)

// FuzzDecodeFrame feeds the reader any frame: it must never panic, and
// MatchData must agree with what the reader decodes.
func FuzzDecodeFrame(f *testing.F) {
	const m = "m.1"
	for _, seed := range [][]byte{
		dataFrame(m, protocol.OpUpdate, []byte(`{"v":1,"ply":3,"from":0,"history":["a1","b2","c3"]}`)),
		dataFrame(m, protocol.OpRefused, []byte(`{"v":1,"error":"It is Ben's turn"}`)),
		dataFrame(m, protocol.OpFinal, []byte(`{"v":1,"record":{}}`)),
		dataFrame(m, 77, nil),
		[]byte(`{"cid":"1","match":{"match_id":"m.1"}}`),
		[]byte(`{"cid":"2","error":{"code":5,"message":"no"}}`),
		[]byte(`{"match_data":{"match_id":"m.1","op_code":10}}`),
		[]byte(`{"match_presence_event":{"match_id":"m.1","joins":[]}}`),
		[]byte(`{"pong":{}}`),
		[]byte(`[]`), []byte(`null`), []byte(``),
	} {
		f.Add(seed)
	}
	c, err := newClient(Config{Addr: "127.0.0.1:1", ServerKey: "k", DeviceID: "device-fuzz", Buffer: 4, SlowReader: time.Nanosecond})
	if err != nil {
		f.Fatal(err)
	}
	c.match = m
	f.Fuzz(func(t *testing.T, raw []byte) {
		env, err := decodeFrame(raw)
		op, data, ok := MatchData(raw)
		if err != nil {
			if ok || env != nil {
				t.Fatalf("an unreadable frame read as data (%v)", err)
			}
		} else if ok != (env.MatchData != nil) || (ok && (op != int64(env.MatchData.OpCode) || !bytes.Equal(data, env.MatchData.Data))) {
			t.Fatalf("MatchData disagrees with decodeFrame on %q", raw)
		}
		s := &sock{pending: map[string]chan *envelope{"1": make(chan *envelope, 1)}}
		_ = c.handle(s, raw) // never panics; full Messages only ends the socket
		for len(c.msgs) > 0 {
			<-c.msgs
		}
	})
}
