"""Gradient accumulation with optax.MultiSteps on an Equinox classifier; grads averaged across devices."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax

AXIS = "devices"


class Classifier(eqx.Module):
  layers: eqx.nn.Sequential

  def __init__(self, key):
    k1, k2, k3 = jax.random.split(key, 3)
    self.layers = eqx.nn.Sequential([
        eqx.nn.Linear(784, 256, key=k1),
        eqx.nn.Lambda(jax.nn.relu),
        eqx.nn.Dropout(0.1, inference=True),
        eqx.nn.Linear(256, 256, key=k2),
        eqx.nn.Lambda(jax.nn.relu),
        eqx.nn.Linear(256, 10, key=k3),
    ])

  def __call__(self, x):
    return self.layers(x)


def loss_fn(model, x, y):
  logits = jax.vmap(model)(x)
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


optim = optax.MultiSteps(optax.chain(optax.clip_by_global_norm(1.0), optax.adamw(1e-3)),
                         every_k_schedule=4)


@eqx.filter_jit
def train_step(model, opt_state, x, y):
  loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
  grads = jax.lax.pmean(grads, axis_name=AXIS)
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  model = eqx.apply_updates(model, updates)
  return model, opt_state, jax.lax.pmean(loss, axis_name=AXIS)


def main():
  model = Classifier(jax.random.key(0))
  params, static = eqx.partition(model, eqx.is_array)
  opt_state = optim.init(params)
  x = jax.ShapeDtypeStruct((128, 784), jnp.float32)
  y = jax.ShapeDtypeStruct((128,), jnp.int32)

  @jax.jit
  def step(params, opt_state, x, y):
    model, opt_state, loss = train_step(eqx.combine(params, static), opt_state, x, y)
    return eqx.filter(model, eqx.is_array), opt_state, loss

  step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
