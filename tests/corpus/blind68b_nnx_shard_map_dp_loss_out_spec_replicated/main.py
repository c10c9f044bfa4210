import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from model import MLP
from dp import make_step

mesh = jax.make_mesh((4,), ('data',))

model = MLP(784, 512, 10, rngs=nnx.Rngs(params=0, dropout=1))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
train_step = make_step(mesh)

batch_sharding = NamedSharding(mesh, P('data'))
images = jax.ShapeDtypeStruct((128, 784), jnp.float32, sharding=batch_sharding)
labels = jax.ShapeDtypeStruct((128,), jnp.int32, sharding=batch_sharding)
train_step.trace(model, optimizer, images, labels).lower(
    lowering_platforms=('tpu',))
