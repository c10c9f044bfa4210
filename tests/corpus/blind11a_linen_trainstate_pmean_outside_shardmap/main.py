import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, PartitionSpec as P

from model import CNN

AXIS = 'batch'


def compute_grads(state, images, labels):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, images)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  return jax.value_and_grad(loss_fn)(state.params)


def build_step(mesh):
  sharded_grads = jax.shard_map(compute_grads, mesh=mesh,
                                in_specs=(P(), P(AXIS), P(AXIS)), out_specs=(P(), P()),
                                check_vma=False)

  @jax.jit
  def train_step(state, images, labels):
    loss, grads = sharded_grads(state, images, labels)
    grads = jax.lax.pmean(grads, axis_name=AXIS)
    state = state.apply_gradients(grads=grads)
    return state, jnp.mean(loss)

  return train_step


def main():
  mesh = Mesh(np.array(jax.devices()), (AXIS,))
  cnn = CNN()
  params = cnn.init(jax.random.key(0), jnp.ones((1, 8, 8, 1)))['params']
  state = train_state.TrainState.create(apply_fn=cnn.apply, params=params, tx=optax.sgd(0.01))
  step = build_step(mesh)
  images = jnp.ones((16, 8, 8, 1))
  labels = jnp.zeros((16,), jnp.int32)
  step.trace(state, images, labels).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
