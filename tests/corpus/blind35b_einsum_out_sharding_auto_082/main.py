import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, NamedSharding

mesh = jax.make_mesh((2, 2), ("fsdp", "tensor"))
jax.set_mesh(mesh)


def mlp_block(x, w_in, w_out):
    h = jnp.einsum("btd,df->btf", x, w_in, out_sharding=P("fsdp", None, "tensor"))
    h = jax.nn.gelu(h)
    return jnp.einsum("btf,fd->btd", h, w_out, out_sharding=P("fsdp", None, None))


x = jax.device_put(jnp.ones((4, 16, 32)), NamedSharding(mesh, P("fsdp", None, None)))
w_in = jax.device_put(jnp.ones((32, 64)), NamedSharding(mesh, P(None, "tensor")))
w_out = jax.device_put(jnp.ones((64, 32)), NamedSharding(mesh, P("tensor", None)))

lowered = jax.jit(mlp_block).trace(x, w_in, w_out).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:60])
