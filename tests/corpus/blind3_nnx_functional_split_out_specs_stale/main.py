import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from steps import make_step

mesh = Mesh(jax.devices(), ('batch',))

model = nnx.Sequential(nnx.Linear(8, 32, rngs=nnx.Rngs(0)), nnx.relu,
                       nnx.Linear(32, 4, rngs=nnx.Rngs(1)))
optimizer = nnx.Optimizer(model, optax.adamw(3e-4), wrt=nnx.Param)
graphdef, state = nnx.split((model, optimizer))

train_step = jax.shard_map(
    make_step(graphdef, 'batch'),
    mesh=mesh,
    in_specs=(P(), P('batch'), P('batch')),
    out_specs=(P(), P(), P()),  # state, loss, accuracy
)
train_step = jax.jit(train_step, donate_argnums=0)

x = jnp.ones((16, 8))
y = jnp.zeros((16,), jnp.int32)
train_step.trace(state, x, y).lower(lowering_platforms=('cuda',))
