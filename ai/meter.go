package ai

import (
	"context"
	"sync/atomic"
)

// A work meter counts the nodes that the searches asked with a context
// visited, in the unit each search's budget counts: the tests bound a
// bot's work with it, without a clock (TestEveryBotObeysItsBudget). A
// search adds its count once, when it returns, so a context without a
// meter costs one Value lookup per search.
type workMeter struct{ nodes atomic.Int64 }

type meterKey struct{}

// withWorkMeter returns ctx carrying a new meter, and the meter.
func withWorkMeter(ctx context.Context) (context.Context, *workMeter) {
	m := &workMeter{}
	return context.WithValue(ctx, meterKey{}, m), m
}

// addWork adds a search's nodes to the meter ctx carries, if any.
func addWork(ctx context.Context, nodes int64) {
	if m, ok := ctx.Value(meterKey{}).(*workMeter); ok {
		m.nodes.Add(nodes)
	}
}
