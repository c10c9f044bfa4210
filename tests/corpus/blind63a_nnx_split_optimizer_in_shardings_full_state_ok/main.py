import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import MLP
from train import make_train_step

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))

with jax.set_mesh(mesh):
  model = MLP(784, 1024, 10, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(3e-4, weight_decay=1e-4), wrt=nnx.Param)

graphdef, state = nnx.split((model, optimizer))

# params and the AdamW moments (which inherit the kernels' annotations)
state_shardings = nnx.get_named_sharding(state, mesh)
batch_sharding = NamedSharding(mesh, P('data'))
replicated = NamedSharding(mesh, P())

train_step = jax.jit(
    make_train_step(graphdef),
    in_shardings=(state_shardings, batch_sharding, batch_sharding),
    out_shardings=(replicated, state_shardings),
    donate_argnums=0,
)

images = jax.ShapeDtypeStruct((128, 784), jnp.float32)
labels = jax.ShapeDtypeStruct((128,), jnp.int32)
train_step.trace(state, images, labels).lower(lowering_platforms=('tpu',))
