import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",))


class Model(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(8, 8, rngs=rngs)

    def __call__(self, x):
        return self.linear(x)


def eval_loss(model, x):
    @nnx.shard_map(mesh=mesh, in_specs=(P(), P("data")), out_specs=P(), check_vma=False)
    def f(model, x):
        return jax.lax.pmean(jnp.mean(model(x) ** 2), "data")
    return f(model, x)


model = Model(nnx.Rngs(0))
x = jnp.ones((16, 8))
lowered = nnx.jit(eval_loss).trace(model, x).lower(lowering_platforms=("cuda",))
print(type(lowered).__name__)
