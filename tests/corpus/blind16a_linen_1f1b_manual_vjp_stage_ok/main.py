import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from pp.p2p import AXIS, downstream, exchange, upstream
from pp.stage import StageBlock

N = 4
D = 64
mesh = Mesh(np.array(jax.devices()), (AXIS,))
block = StageBlock(hidden=4 * D)


def one_f_one_b(params, act_in, saved_in, grad_in):
  params = jax.tree.map(lambda p: p[0], params)
  # forward of the newest microbatch
  out = block.apply(params, act_in[0])
  act_next = exchange(out, downstream(N))
  # backward of the oldest in-flight microbatch
  _, pullback = jax.vjp(lambda p, x: block.apply(p, x), params, saved_in[0])
  dparams, dx = pullback(grad_in[0])
  grad_prev = exchange(dx, upstream(N))
  dparams = jax.tree.map(lambda g: g[None], dparams)
  return dparams, act_next[None], grad_prev[None]


tick = jax.jit(jax.shard_map(one_f_one_b, mesh=mesh,
                             in_specs=(P(AXIS), P(AXIS), P(AXIS), P(AXIS)),
                             out_specs=(P(AXIS), P(AXIS), P(AXIS)), check_vma=False))

x = jnp.ones((8, D))
params = jax.vmap(lambda k: block.init(k, x))(jax.random.split(jax.random.key(0), N))
acts = jnp.ones((N, 8, D))
tick.trace(params, acts, acts, acts).lower(lowering_platforms=('cuda',))
