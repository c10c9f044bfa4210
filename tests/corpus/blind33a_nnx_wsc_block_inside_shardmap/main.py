import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import Block

mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
block = Block(32, nnx.Rngs(0))


@nnx.shard_map(mesh=mesh, in_specs=(P(), P("data")), out_specs=P())
def dp_loss(block, x):
    return jax.lax.pmean(jnp.mean(block(x) ** 2), "data")


@nnx.jit
def loss_and_grad(block, x):
    return nnx.value_and_grad(dp_loss)(block, x)


with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P("data")))
    print(loss_and_grad.trace(block, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
