import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P
from flax import nnx


class Head(nnx.Module):
    def __init__(self, d, vocab, rngs):
        self.out = nnx.Linear(d, vocab, use_bias=False, rngs=rngs)

    def __call__(self, h):
        local = self.out(h)
        # gather the vocab shards; without vma checking JAX trusts the out_specs
        return jax.lax.all_gather(local, "model", axis=1, tiled=True)


mesh = jax.make_mesh((2, 2), ("data", "model"),
                     axis_types=(jax.sharding.AxisType.Auto,) * 2)


@nnx.jit
def logits(head, h):
    return nnx.shard_map(lambda head, h: head(h), mesh=mesh,
                         in_specs=(P(None, "model"), P("data", None)),
                         out_specs=P("data"), check_vma=False)(head, h)


if __name__ == "__main__":
    head = Head(16, 32, nnx.Rngs(0))
    h = jnp.ones((8, 16))
    print(logits.trace(head, h).lower(lowering_platforms=("cuda",)).as_text()[:20])
