import functools

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from vp.head import DATA, MODEL, VocabParallelHead, parallel_cross_entropy

VOCAB, DIM = 1024, 64
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (DATA, MODEL))
head = VocabParallelHead(DIM, VOCAB // 2, rngs=nnx.Rngs(0))
graphdef, state = nnx.split(head)
kernel_spec = jax.tree.map(lambda _: P(None, MODEL), state)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(kernel_spec, P(DATA), P(DATA)),
                   out_specs=P())
def loss(state, h, labels):
  model = nnx.merge(graphdef, state)
  return parallel_cross_entropy(model(h), labels, model.vocab_per_shard)


full = nnx.state(VocabParallelHead(DIM, VOCAB, rngs=nnx.Rngs(0)))
loss.trace(full, jnp.ones((8, DIM)), jnp.zeros((8,), jnp.int32)).lower(
    lowering_platforms=("cuda",))
