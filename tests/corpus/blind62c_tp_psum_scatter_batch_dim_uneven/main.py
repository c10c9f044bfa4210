"""Megatron-style sequence-parallel MLP: all_gather the sequence shard, column-parallel up
projection, row-parallel down projection finished with a reduce-scatter over the sequence."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("tp",))


@partial(jax.shard_map, mesh=mesh,
         in_specs=(P(None, "tp"), P(None, "tp"), P("tp", None)),
         out_specs=P(None, "tp"))
def seq_parallel_mlp(x, w_up, w_down):
  # x: [batch, seq/tp, d]  ->  gather the full sequence before the column-parallel matmul
  x = lax.all_gather(x, "tp", axis=1, tiled=True)
  h = jax.nn.relu(jnp.einsum("bsd,dh->bsh", x, w_up))
  partial_out = jnp.einsum("bsh,hd->bsd", h, w_down)
  # sum the partial products over tp and hand each device its slice of the sequence back
  return lax.psum_scatter(partial_out, "tp", scatter_dimension=0, tiled=True)


def block(params, x):
  y = seq_parallel_mlp(x, params["w_up"], params["w_down"])
  return x + y


def main():
  batch, seq, d, hidden = 2, 4, 128, 512
  params = {
      "w_up": jax.ShapeDtypeStruct((d, hidden), jnp.bfloat16),
      "w_down": jax.ShapeDtypeStruct((hidden, d), jnp.bfloat16),
  }
  x = jax.ShapeDtypeStruct((batch, seq, d), jnp.bfloat16)
  jax.jit(block).trace(params, x).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
