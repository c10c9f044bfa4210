import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class Head(nn.Module):
  classes: int

  @nn.compact
  def __call__(self, x):
    logits = nn.Dense(self.classes)(nn.relu(nn.Dense(128)(x)))
    # each member is trained to stay close to the ensemble's mean prediction
    mean_logits = jax.lax.pmean(logits, axis_name='members')
    return logits, mean_logits


class HeadEnsemble(nn.Module):
  classes: int
  n: int = 5

  @nn.compact
  def __call__(self, x):
    VmappedHead = nn.vmap(Head, in_axes=None, out_axes=0,
                          variable_axes={'params': 0}, split_rngs={'params': True},
                          axis_size=self.n, axis_name='members')
    return VmappedHead(self.classes, name='heads')(x)


model = HeadEnsemble(classes=10)
tx = optax.adam(1e-3)
mesh = Mesh(np.array(jax.devices()), ('batch',))
batch_sharding = NamedSharding(mesh, P('batch'))


def loss_fn(params, x, y):
  logits, mean_logits = model.apply({'params': params}, x)
  ce = optax.softmax_cross_entropy_with_integer_labels(logits, y[None]).mean()
  distill = jnp.mean((logits - jax.lax.stop_gradient(mean_logits)) ** 2)
  return ce + 0.1 * distill


@jax.jit
def update(params, opt_state, x, y):
  loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
  updates, opt_state = tx.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, loss


x = jax.ShapeDtypeStruct((64, 32), jnp.float32, sharding=batch_sharding)
y = jax.ShapeDtypeStruct((64,), jnp.int32, sharding=batch_sharding)
params = jax.eval_shape(model.init, jax.random.key(0), x)['params']
opt_state = jax.eval_shape(tx.init, params)
update.trace(params, opt_state, x, y).lower(lowering_platforms=('tpu',))
