from flax import nnx
from jax.sharding import PartitionSpec as P

from sharding.rules import spec_for

_init = nnx.initializers.normal(0.02)


class TinyLM(nnx.Module):
    def __init__(self, vocab, d_model, d_ff, *, rngs):
        self.embed = nnx.Embed(vocab, d_model,
                               embedding_init=nnx.with_partitioning(_init, spec_for("vocab", "embed")),
                               rngs=rngs)
        self.up = nnx.Linear(d_model, d_ff, use_bias=False,
                             kernel_init=nnx.with_partitioning(_init, spec_for("embed", "mlp")),
                             rngs=rngs)
        self.down = nnx.Linear(d_ff, d_model, use_bias=False,
                               kernel_init=nnx.with_partitioning(_init, spec_for("mlp", "embed")),
                               rngs=rngs)

    def __call__(self, tokens):
        h = self.embed(tokens, out_sharding=P(*spec_for("batch"), None, *spec_for("embed")))
        h = nnx.gelu(self.up(h, out_sharding=P(*spec_for("batch"), None, *spec_for("mlp"))))
        return self.down(h)
