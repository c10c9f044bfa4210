import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from trainlib import parallel


class MLP(nnx.Module):

  def __init__(self, din, dmid, dout, *, rngs):
    self.l1 = nnx.Linear(din, dmid, rngs=rngs)
    self.bn = nnx.LayerNorm(dmid, rngs=rngs)
    self.l2 = nnx.Linear(dmid, dout, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.gelu(self.bn(self.l1(x))))


def make_train_step(mesh):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P('data'), P('data')),
                 out_specs=P())
  def step(model, optimizer, x, y):
    def loss_fn(model):
      return optax.l2_loss(model(x), y).mean()
    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = parallel.sync_grads(grads)
    optimizer.update(model, grads)
    return parallel.sync_metrics({'loss': loss})

  return nnx.jit(step)


def main():
  mesh = Mesh(np.array(jax.devices()), ('data',))
  model = MLP(12, 48, 3, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.sgd(1e-2, momentum=0.9), wrt=nnx.Param)
  step = make_train_step(mesh)
  x, y = jnp.ones((16, 12)), jnp.ones((16, 3))
  step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))
  print('done')


main()
