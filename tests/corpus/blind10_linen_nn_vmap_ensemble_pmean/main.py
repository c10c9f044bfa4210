import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state

ENSEMBLE_AXIS = 'ensemble'


class Member(nn.Module):
  hidden: int = 32
  out: int = 4

  @nn.compact
  def __call__(self, x):
    logits = nn.Dense(self.out)(nn.relu(nn.Dense(self.hidden)(x)))
    consensus = jax.lax.pmean(jax.nn.softmax(logits), ENSEMBLE_AXIS)
    return logits, consensus


class Ensemble(nn.Module):
  size: int = 4

  @nn.compact
  def __call__(self, x):
    VMember = nn.vmap(Member, variable_axes={'params': 0}, split_rngs={'params': True},
                      in_axes=None, out_axes=0, axis_size=self.size, axis_name=ENSEMBLE_AXIS)
    return VMember(name='members')(x)


@jax.jit
def train_step(state, x, y):
  def loss_fn(params):
    logits, consensus = state.apply_fn({'params': params}, x)
    ce = optax.softmax_cross_entropy_with_integer_labels(logits, y[None]).mean()
    kl = optax.kl_divergence(jax.nn.log_softmax(logits), jax.lax.stop_gradient(consensus)).mean()
    return ce + 0.1 * kl

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


def main():
  model = Ensemble()
  x = jnp.ones((8, 6))
  params = model.init(jax.random.key(0), x)['params']
  state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(1e-3))
  y = jnp.zeros((8,), jnp.int32)
  train_step.trace(state, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
