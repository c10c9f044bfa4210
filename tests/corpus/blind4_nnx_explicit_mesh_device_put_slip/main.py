import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from model import Classifier

mesh = jax.make_mesh((4,), ('batch',))
jax.set_mesh(mesh)

graphdef, params = nnx.split(Classifier(32, 10, rngs=nnx.Rngs(0)))
tx = optax.adamw(3e-4)
opt_state = tx.init(params)


@jax.shard_map(in_specs=(P(), P(), P('batch'), P('batch')), out_specs=(P(), P(), P()))
def train_step(params, opt_state, x, y):
  def loss_fn(params):
    logits = nnx.merge(graphdef, params)(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

  loss, grads = jax.value_and_grad(loss_fn)(params)
  grads = jax.lax.pmean(grads, 'batch')
  updates, opt_state = tx.update(grads, opt_state, params)
  params = optax.apply_updates(params, updates)
  return params, opt_state, jax.lax.pmean(loss, 'batch')


x = jnp.ones((16, 32))
y = jnp.zeros((16,), jnp.int32)
batch_sharding = NamedSharding(mesh, P('batch'))
xs = jax.device_put(x, batch_sharding)
y = jax.device_put(y, batch_sharding)

jax.jit(train_step).trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',))
