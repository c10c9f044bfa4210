"""ZeRO-3/FSDP in Linen: parameters stored sharded, gathered on use through nn.map_variables."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax
import flax.linen as nn
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

FSDP = 'fsdp'


def gather_params(tree):
  return jax.tree.map(lambda p: jax.lax.all_gather(p, FSDP, axis=0, tiled=True), tree)


def identity(tree):
  return tree


class Block(nn.Module):
  dim: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(4 * self.dim, use_bias=False)(nn.RMSNorm()(x))
    return x + nn.Dense(self.dim, use_bias=False)(nn.gelu(h))


class Model(nn.Module):
  dim: int = 64
  depth: int = 2
  sharded: bool = True

  @nn.compact
  def __call__(self, x):
    block_cls = Block
    if self.sharded:
      block_cls = nn.map_variables(Block, 'params', trans_in_fn=gather_params,
                                   trans_out_fn=identity, init=False)
    for i in range(self.depth):
      x = block_cls(self.dim, name=f'block{i}')(x)
    return x


mesh = Mesh(np.array(jax.devices()), (FSDP,))
full = Model(sharded=False)
params = full.init(jax.random.PRNGKey(0), jnp.ones((1, 64)))['params']
param_specs = jax.tree.map(lambda p: P(FSDP) if p.shape[0] % 4 == 0 else P(), params)
params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, param_specs)
state = train_state.TrainState.create(apply_fn=Model().apply, params=params,
                                      tx=optax.sgd(1e-2))
state_specs = state.replace(params=param_specs, opt_state=jax.tree.map(lambda _: P(), state.opt_state),
                            step=P())


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(state_specs, P(FSDP)),
                   out_specs=(state_specs, P()))
def train_step(state, x):
  def loss_fn(p):
    return jnp.mean(state.apply_fn({'params': p}, x) ** 2)
  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  # all_gather's transpose already reduce-scattered the grads of sharded params
  grads = jax.tree.map(lambda g, s: g if s == P(FSDP) else jax.lax.pmean(g, FSDP),
                       grads, param_specs)
  return state.apply_gradients(grads=grads), jax.lax.pmean(loss, FSDP)


lowered = train_step.trace(state, jnp.ones((16, 64))).lower(lowering_platforms=('cuda',))
print('fsdp step lowered')
