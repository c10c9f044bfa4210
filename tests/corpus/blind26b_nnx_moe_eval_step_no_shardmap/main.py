import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from moe.layers import MoEBlock

mesh = Mesh(np.array(jax.devices()), ('expert',))

expert_weights = lambda path, v: path[-1] in ('wi', 'wo')
model_specs = nnx.StateSharding({expert_weights: P('expert'), ...: P()})


def loss_fn(model, x):
  y = model(x)
  return jnp.mean((y - x) ** 2)


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(model_specs, model_specs, P('expert')),
               out_specs=P())
def train_step(model, optimizer, x):
  loss, grads = nnx.value_and_grad(loss_fn)(model, x)
  optimizer.update(model, grads)
  return jax.lax.pmean(loss, 'expert')


@nnx.jit
def eval_step(model, x):
  return loss_fn(model, x)


def main():
  model = MoEBlock(32, 64, num_experts=4, capacity=8, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adam(3e-4), wrt=nnx.Param)
  x = jnp.ones((64, 32))
  train_step.trace(model, optimizer, x).lower(lowering_platforms=('cuda',))
  eval_step.trace(model, x).lower(lowering_platforms=('cuda',))
  print('lowered moe step')


if __name__ == '__main__':
  main()
