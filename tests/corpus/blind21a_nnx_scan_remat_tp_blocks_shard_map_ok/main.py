import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

N_LAYERS, D, D_FF = 4, 32, 128


class Block(nnx.Module):
  def __init__(self, rngs: nnx.Rngs):
    init = nnx.initializers.lecun_normal()
    self.norm = nnx.LayerNorm(D, rngs=rngs)
    self.wi = nnx.Param(init(rngs.params(), (D, D_FF)))
    self.wo = nnx.Param(init(rngs.params(), (D_FF, D)))

  def __call__(self, x):
    h = jax.nn.gelu(self.norm(x) @ self.wi[...])
    return x + jax.lax.psum(h @ self.wo[...], 'model')


class Model(nnx.Module):
  def __init__(self, rngs: nnx.Rngs):
    @nnx.split_rngs(splits=N_LAYERS)
    @nnx.vmap(in_axes=(0,), out_axes=0)
    def create_block(rngs: nnx.Rngs):
      return Block(rngs)
    self.blocks = create_block(rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
    @nnx.remat
    def forward(x, block):
      return block(x)
    return forward(x, self.blocks)


def spec_for(path, leaf):
  names = [getattr(k, 'key', None) for k in path]
  if 'wi' in names:
    return P(None, None, 'model')
  if 'wo' in names:
    return P(None, 'model', None)
  return P()


model = Model(nnx.Rngs(0))
graphdef, state = nnx.split(model)
specs = jax.tree_util.tree_map_with_path(spec_for, state)
mesh = Mesh(np.array(jax.devices()), ('model',))


def loss_fn(state, x):
  y = nnx.merge(graphdef, state)(x)
  return jnp.mean(y ** 2)


grad_step = jax.jit(jax.shard_map(jax.value_and_grad(loss_fn), mesh=mesh,
                                  in_specs=(specs, P()), out_specs=(P(), specs)))
grad_step.trace(state, jnp.ones((8, D))).lower(lowering_platforms=('cuda',))
