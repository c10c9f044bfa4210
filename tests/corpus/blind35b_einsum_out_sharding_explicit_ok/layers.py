import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

BATCH = "fsdp"
MLP = "tensor"


def mlp_block(x, w_in, w_out):
    h = jnp.einsum("btd,df->btf", x, w_in, out_sharding=P(BATCH, None, MLP))
    h = jax.nn.gelu(h)
    return jnp.einsum("btf,fd->btd", h, w_out, out_sharding=P(BATCH, None, None))
