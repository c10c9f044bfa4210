from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P
from flax import nnx


class Head(nnx.Module):
    def __init__(self, d, vocab, rngs):
        self.out = nnx.Linear(d, vocab, use_bias=False, rngs=rngs)

    def __call__(self, h):
        return self.out(h)


mesh = jax.make_mesh((2, 2), ("data", "model"),
                     axis_types=(jax.sharding.AxisType.Auto,) * 2)


def logits_fn(graphdef, state, h):
    @partial(jax.shard_map, mesh=mesh,
             in_specs=(P(None, "model"), P("data", None)),
             out_specs=P("data"))  # forgot: logits are split over 'model' too
    def local(kernel, h):
        head = nnx.merge(graphdef, {"out": {"kernel": kernel}})
        return head(h)
    return local(state["out"]["kernel"], h)


if __name__ == "__main__":
    head = Head(16, 32, nnx.Rngs(0))
    graphdef, state = nnx.split(head)
    state = nnx.to_pure_dict(state)
    h = jnp.ones((8, 16))
    f = jax.jit(logits_fn, static_argnums=0)
    print(f.trace(graphdef, state, h).lower(lowering_platforms=("cuda",)).as_text()[:20])
