import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from model.attention import Attention

mesh = jax.make_mesh((2, 2), ("data", "model"))
jax.set_mesh(mesh)

attn = Attention(128, 8, 16, rngs=nnx.Rngs(0))
x = jax.device_put(jnp.ones((4, 32, 128), jnp.float32), P("data", None, None))


@nnx.jit
def eval_step(attn, x):
    return attn(x, out_sharding=P("data", None, None)).mean()


lowered = eval_step.trace(attn, x).lower(lowering_platforms=("cuda",))
print("ok")
