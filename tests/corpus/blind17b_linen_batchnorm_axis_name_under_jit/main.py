import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from mylib.model import TinyResNet
from mylib.train import make_train_step

mesh = jax.make_mesh((4,), ('batch',), axis_types=(jax.sharding.AxisType.Explicit,))
model = TinyResNet()
tx = optax.sgd(0.1, momentum=0.9)

images = jnp.ones((32, 16, 16, 3))
labels = jnp.zeros((32,), jnp.int32)
variables = jax.eval_shape(lambda: model.init(jax.random.key(0), images[:1], train=False))
params, batch_stats = variables['params'], variables['batch_stats']
opt_state = jax.eval_shape(tx.init, params)

images = jax.device_put(images, NamedSharding(mesh, P('batch')))
labels = jax.device_put(labels, NamedSharding(mesh, P('batch')))

train_step = make_train_step(model, tx)
train_step = jax.jit(train_step)
with jax.set_mesh(mesh):
  train_step.trace(params, batch_stats, opt_state, images, labels).lower(
      lowering_platforms=('cuda',))
