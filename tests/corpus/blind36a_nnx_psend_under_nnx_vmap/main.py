import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

PERM = [(0, 1), (1, 2), (2, 3)]
mesh = jax.make_mesh((4,), ("pipe",))


class PipeStage(nnx.Module):
    def __init__(self, d, rngs):
        self.proj = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, x):  # one example, (d,)
        h = nnx.relu(self.proj(x))
        tok = jax.lax.psend(h, "pipe", PERM)
        return jax.lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), "pipe", PERM)


@nnx.shard_map(mesh=mesh, in_specs=(P(), P("pipe")), out_specs=P("pipe"), check_vma=False)
def step(model, xs):
    # per-example stage, batched over the local microbatch
    return nnx.vmap(lambda m, x: m(x), in_axes=(None, 0))(model, xs)


model = PipeStage(8, nnx.Rngs(0))
xs = jnp.ones((16, 8))
print(nnx.jit(step).trace(model, xs).lower(lowering_platforms=("cuda",)))
