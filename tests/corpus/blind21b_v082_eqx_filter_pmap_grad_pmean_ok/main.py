import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


class Trainer:
  axis = "devices"

  def __init__(self, lr):
    self.lr = lr

  def loss(self, model, x, y):
    logits = jax.vmap(model)(x)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=-1))

  def step(self, model, x, y):
    loss, grads = eqx.filter_value_and_grad(self.loss)(model, x, y)
    loss = lax.pmean(loss, self.axis)
    grads = lax.pmean(grads, self.axis)
    model = eqx.apply_updates(model, jax.tree.map(lambda g: -self.lr * g, grads))
    return loss, model

  def pmapped(self):
    return eqx.filter_pmap(self.step, axis_name=self.axis)


def main():
  n = jax.local_device_count()
  make = functools.partial(eqx.nn.MLP, 10, 3, 32, 2)
  models = eqx.filter_vmap(lambda k: make(key=k))(jax.random.split(jax.random.key(0), n))
  trainer = Trainer(0.1)
  p_step = trainer.pmapped()
  params, static = eqx.partition(models, eqx.is_array)

  def run(params, x, y):
    loss, new = p_step(eqx.combine(params, static), x, y)
    return loss, eqx.filter(new, eqx.is_array)

  x = jnp.ones((n, 4, 10))
  y = jnp.zeros((n, 4), jnp.int32)
  jax.jit(run).trace(params, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
