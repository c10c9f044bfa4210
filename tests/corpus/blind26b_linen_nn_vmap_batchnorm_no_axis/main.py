import flax.linen as nn
import jax
import jax.numpy as jnp
import optax


class PerExample(nn.Module):

  @nn.compact
  def __call__(self, x, train=True):
    x = nn.Dense(32)(x)
    x = nn.BatchNorm(use_running_average=not train, axis_name='batch')(x)
    return nn.Dense(1)(nn.relu(x))


VmappedNet = nn.vmap(PerExample, in_axes=0, out_axes=0,
                     variable_axes={'params': None, 'batch_stats': None},
                     split_rngs={'params': False})

net = VmappedNet()
x = jnp.ones((16, 8))
variables = net.init(jax.random.key(0), x)
tx = optax.adam(1e-3)
opt_state = tx.init(variables['params'])


@jax.jit
def train_step(params, batch_stats, opt_state, x, y):
  def loss_fn(params):
    pred, updates = net.apply({'params': params, 'batch_stats': batch_stats}, x,
                              mutable=['batch_stats'])
    return jnp.mean((pred - y) ** 2), updates['batch_stats']
  (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
  updates, opt_state = tx.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), batch_stats, opt_state, loss


train_step.trace(variables['params'], variables['batch_stats'], opt_state, x,
                 jnp.zeros((16, 1))).lower(lowering_platforms=('cuda',))
print('lowered')
