import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

EP = 4
mesh = jax.make_mesh((EP,), ("expert",))


class Expert(nnx.Module):
    def __init__(self, dim, rngs):
        self.w = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, x):
        return nnx.silu(self.w(x))


@nnx.split_rngs(splits=EP)
@nnx.vmap(in_axes=(0,), out_axes=0)
def make_experts(rngs):
    return Expert(16, rngs)


def dispatch_combine(experts, tokens):
    # tokens: [EP, capacity, dim] local buckets, one per destination expert
    routed = jax.lax.all_to_all(tokens, "expert", split_axis=0, concat_axis=0, tiled=True)
    local = nnx.vmap(lambda e, t: e(t), in_axes=(0, None))(experts, routed)[0]
    return jax.lax.all_to_all(local, "expert", split_axis=0, concat_axis=0, tiled=True)


moe = nnx.jit(nnx.shard_map(dispatch_combine, mesh=mesh,
                            in_specs=(P("expert"), P("expert")), out_specs=P("expert")))

experts = make_experts(nnx.Rngs(0))
tokens = jnp.ones((EP * EP, 8, 16))
print(moe.trace(experts, tokens).lower(lowering_platforms=("cuda",)).as_text()[:60])
