import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from nets.dual import DualEncoder
from train import make_train_step

mesh = jax.make_mesh((4,), ('data',))

model = DualEncoder(512, 384, 128, axis_name='data', rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-4), wrt=nnx.Param)

step = make_train_step(mesh)

batch = NamedSharding(mesh, P('data'))
images = jax.ShapeDtypeStruct((64, 512), jnp.float32, sharding=batch)
texts = jax.ShapeDtypeStruct((64, 384), jnp.float32, sharding=batch)
step.trace(model, optimizer, images, texts).lower(lowering_platforms=('tpu',))
