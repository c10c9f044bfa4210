import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

import tp

mesh = Mesh(np.array(jax.devices()), (tp.MODEL,))

mlp = jax.jit(
    jax.shard_map(
        tp.sequence_parallel_mlp,
        mesh=mesh,
        in_specs=(tp.TOKENS_SHARDED, tp.W_IN, tp.W_OUT),
        # the reduction over the model axis makes the output whole again
        out_specs=tp.REPLICATED,
    ))

tokens = jax.ShapeDtypeStruct((1024, 256), jnp.bfloat16)
w_in = jax.ShapeDtypeStruct((256, 1024), jnp.bfloat16)
w_out = jax.ShapeDtypeStruct((1024, 256), jnp.bfloat16)
mlp.trace(tokens, w_in, w_out).lower(lowering_platforms=("tpu",))
