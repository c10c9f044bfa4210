import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from vitlib.model import ViT

RULES = [('embed', None), ('mlp', 'model'), ('heads', 'model'), ('kv', None)]

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))
model = ViT()
tx = optax.adam(1e-3)
x = jnp.ones((8, 32, 32, 3))

abstract_vars = jax.eval_shape(model.init, jax.random.key(0), x)
with nn.logical_axis_rules(RULES):
  var_shardings = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract_vars), mesh)

init_fn = jax.jit(model.init, out_shardings=var_shardings)
params = nn.unbox(init_fn(jax.random.key(0), x)['params'])
opt_state = tx.init(params)


@jax.jit
def train_step(params, opt_state, images, labels):
  def loss_fn(p):
    logits = model.apply({'params': p}, images)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  loss, grads = jax.value_and_grad(loss_fn)(params)
  updates, opt_state = tx.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, loss


images = jax.device_put(x, NamedSharding(mesh, P('data')))
labels = jax.device_put(jnp.zeros((8,), jnp.int32), NamedSharding(mesh, P('data')))
train_step.trace(params, opt_state, images, labels).lower(lowering_platforms=('tpu',))
