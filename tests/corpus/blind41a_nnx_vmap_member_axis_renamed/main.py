import jax
import jax.numpy as jnp
from flax import nnx

from ensemble import Member

N_MEMBERS = 4


@nnx.split_rngs(splits=N_MEMBERS)
@nnx.vmap(in_axes=(0,), out_axes=0)
def make_members(rngs):
  return Member(6, 12, rngs=rngs)


@nnx.jit
def forward(members, x):
  run = nnx.vmap(lambda m, x: m(x), in_axes=(0, None), out_axes=0, axis_name='ensemble')
  return run(members, x).mean(0)


members = make_members(nnx.Rngs(1))
out = forward.trace(members, jnp.ones((3, 6))).lower(lowering_platforms=('cuda',))
print('lowered')
