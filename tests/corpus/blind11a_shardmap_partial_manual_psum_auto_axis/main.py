import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P


class Classifier(nnx.Module):

  def __init__(self, rngs):
    self.enc = nnx.Linear(32, 64, rngs=rngs)
    self.head = nnx.Linear(64, 10, rngs=rngs)

  def __call__(self, x):
    return self.head(nnx.relu(self.enc(x)))


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
  model = Classifier(nnx.Rngs(0))
  graphdef, params = nnx.split(model, nnx.Param)

  def local_grads(params, x, y):
    def loss_fn(params):
      logits = nnx.merge(graphdef, params)(x)
      ll = jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=-1)
      return -jnp.mean(ll)
    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.lax.pmean(grads, 'data')
    loss = jax.lax.psum(loss, ('data', 'model')) / 4
    return loss, grads

  step = jax.jit(jax.shard_map(local_grads, mesh=mesh, axis_names={'data'},
                               in_specs=(P(), P('data'), P('data')), out_specs=(P(), P())))
  x = jnp.ones((16, 32))
  y = jnp.zeros((16,), jnp.int32)
  step.trace(params, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
