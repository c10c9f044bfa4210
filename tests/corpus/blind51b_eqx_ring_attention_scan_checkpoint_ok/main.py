import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from attention import RingAttention

mesh = jax.make_mesh((4,), ("sp",))
attn = RingAttention(axis_name="sp")

spec = P("sp", None)
ring = jax.shard_map(attn, mesh=mesh, in_specs=(spec, spec, spec), out_specs=spec)


def loss(q, k, v):
    return ring(q, k, v).sum()


seq, dim = 128, 64
q, k, v = (jax.device_put(jnp.ones((seq, dim)), NamedSharding(mesh, spec)) for _ in range(3))
grad_fn = jax.jit(jax.grad(loss, argnums=(0, 1, 2)))
print(grad_fn.trace(q, k, v).lower(lowering_platforms=("cuda",)).as_text()[:40])
