import equinox as eqx
import jax
import jax.numpy as jnp


class Encoder(eqx.Module):
  mlp: eqx.nn.MLP

  def __init__(self, key):
    self.mlp = eqx.nn.MLP(12, 8, 32, 2, key=key)

  def __call__(self, x):
    z = self.mlp(x)
    return z / jnp.linalg.norm(z)


def per_example_loss(model, x1, x2, temp=0.1):
  z1, z2 = model(x1), model(x2)
  others = jax.lax.all_gather(z2, 'batch')          # [B, 8]
  logits = others @ z1 / temp
  me = jax.lax.axis_index('batch')
  return -jax.nn.log_softmax(logits)[me]


@eqx.filter_value_and_grad
def loss_fn(model, x1, x2):
  losses = eqx.filter_vmap(per_example_loss, in_axes=(None, 0, 0), axis_name='batch')(model, x1, x2)
  return losses.mean()


@eqx.filter_jit
def step(model, x1, x2):
  loss, grads = loss_fn(model, x1, x2)
  model = eqx.apply_updates(model, jax.tree.map(lambda g: -0.01 * g, grads))
  return loss, model


model = Encoder(jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
x = jnp.ones((16, 12))
lowered = jax.jit(lambda p, a, b: step(eqx.combine(p, static), a, b)[0]).trace(params, x, x).lower(
    lowering_platforms=('cuda',))
print(len(lowered.as_text()) > 0)
