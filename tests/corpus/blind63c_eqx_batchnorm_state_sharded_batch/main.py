import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec


class ConvNet(eqx.Module):
  conv: eqx.nn.Conv2d
  bn: eqx.nn.BatchNorm
  out: eqx.nn.Linear

  def __init__(self, key):
    k1, k2 = jax.random.split(key)
    self.conv = eqx.nn.Conv2d(3, 16, kernel_size=3, padding=1, key=k1)
    self.bn = eqx.nn.BatchNorm(16, axis_name="batch", momentum=0.9)
    self.out = eqx.nn.Linear(16, 10, key=k2)

  def __call__(self, x, state):
    h = self.conv(x)
    h, state = self.bn(h, state)
    h = jnp.mean(jax.nn.relu(h), axis=(1, 2))
    return self.out(h), state


def loss_fn(model, state, images, labels):
  batched = eqx.filter_vmap(model, axis_name="batch", in_axes=(0, None), out_axes=(0, None))
  logits, state = batched(images, state)
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  return loss, state


opt = optax.sgd(0.1, momentum=0.9)


@eqx.filter_jit
def step(model, state, opt_state, images, labels, batch_sharding):
  images, labels = eqx.filter_shard((images, labels), batch_sharding)
  (loss, state), grads = eqx.filter_value_and_grad(loss_fn, has_aux=True)(model, state, images, labels)
  updates, opt_state = opt.update(grads, opt_state, model)
  model = eqx.apply_updates(model, updates)
  return model, state, opt_state, loss


def main():
  mesh = Mesh(np.array(jax.devices()), ("batch",))
  batch_sharding = NamedSharding(mesh, PartitionSpec("batch"))
  model, state = eqx.nn.make_with_state(ConvNet)(jax.random.PRNGKey(0))
  opt_state = opt.init(eqx.filter(model, eqx.is_inexact_array))
  arrays, static = eqx.partition(model, eqx.is_array)

  def run(arrays, state, opt_state, images, labels):
    model, state, opt_state, loss = step(eqx.combine(arrays, static), state, opt_state, images,
                                         labels, batch_sharding)
    return eqx.filter(model, eqx.is_array), state, opt_state, loss

  images = jnp.zeros((32, 3, 16, 16))
  labels = jnp.zeros((32,), jnp.int32)
  jax.jit(run).trace(arrays, state, opt_state, images, labels).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
