import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from layers import SeqParallelAttention
from serving import Inference

SEQ = "sp"
mesh = Mesh(np.array(jax.devices()), (SEQ,))

attn = SeqParallelAttention(128, SEQ, ring_size=mesh.shape[SEQ], key=jax.random.key(0))
runner = Inference(attn, mesh, SEQ)

x = jax.ShapeDtypeStruct((32, 128), jnp.float32)
runner.apply.trace(runner.params, x).lower(lowering_platforms=("tpu",))
