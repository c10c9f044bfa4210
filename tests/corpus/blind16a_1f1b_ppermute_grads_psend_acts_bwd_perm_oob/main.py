import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

N = 4
mesh = Mesh(np.array(jax.devices()), ('stage',))
DOWN = [(s, s + 1) for s in range(N - 1)]
UP = [(s + 1, s) for s in range(N)]


def stage_fn(w, h):
  return jnp.tanh(h @ w)


def recv_act(y):
  tok = lax.psend(y, 'stage', DOWN)
  return lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), 'stage', DOWN)


@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(P('stage'), P('stage'), P('stage')),
                   out_specs=(P('stage'), P('stage'), P('stage')), check_vma=False)
def one_f_one_b(ws, act_in, grad_in):
  w = ws[0]
  # forward of microbatch i
  y = stage_fn(w, act_in[0])
  next_act = recv_act(y)
  # backward of microbatch i - (N - 1): manual vjp of the stage only
  _, vjp = jax.vjp(stage_fn, w, act_in[0])
  dw, dx = vjp(grad_in[0])
  prev_grad = lax.ppermute(dx, 'stage', UP)
  return dw[None], next_act[None], prev_grad[None]


ws = jnp.ones((N, 64, 64))
acts = jnp.ones((N, 8, 64))
jax.jit(one_f_one_b).trace(ws, acts, acts).lower(lowering_platforms=('cuda',))
