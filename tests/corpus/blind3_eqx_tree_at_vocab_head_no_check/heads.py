import equinox as eqx
import jax
import jax.random as jr


class VocabParallelHead(eqx.Module):
    """Each tensor-parallel rank holds a slice of the vocabulary; the logits are gathered."""

    weight: jax.Array
    axis_name: str = eqx.field(static=True)

    def __init__(self, dim, vocab, *, axis_name, key):
        self.weight = jr.normal(key, (vocab, dim)) * dim**-0.5
        self.axis_name = axis_name

    def __call__(self, h):
        local_logits = self.weight @ h
        return jax.lax.all_gather(local_logits, self.axis_name, axis=0, tiled=True)
