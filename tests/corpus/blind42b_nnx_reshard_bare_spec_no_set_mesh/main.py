import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from train_utils import train_step

mesh = jax.make_mesh((4,), ('data',))

model = nnx.Sequential(nnx.Linear(20, 64, rngs=nnx.Rngs(0)), nnx.relu,
                       nnx.Linear(64, 10, rngs=nnx.Rngs(1)))
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)

x = jax.device_put(jnp.ones((32, 20)), NamedSharding(mesh, P('data', None)))
y = jax.device_put(jnp.zeros((32,), jnp.int32), NamedSharding(mesh, P('data')))
print(train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
