import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from decoder import make_decoder

L, D, F = 4, 128, 512
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("fsdp", "tensor"))
decoder = make_decoder("tensor")


def loss(params, x):
    return jnp.mean(decoder(x, params) ** 2)


def train_step(params, x):
    l, g = jax.value_and_grad(loss)(params, x)
    return jax.lax.pmean(l, "fsdp"), jax.lax.pmean(g, "fsdp")


specs = {"qk": P(None, None, "tensor"), "o": P(None, "tensor", None),
         "wi": P(None, None, "tensor"), "wo": P(None, "tensor", None)}
params = {"qk": jax.ShapeDtypeStruct((L, D, D), jnp.float32), "o": jax.ShapeDtypeStruct((L, D, D), jnp.float32),
          "wi": jax.ShapeDtypeStruct((L, D, F), jnp.float32), "wo": jax.ShapeDtypeStruct((L, F, D), jnp.float32)}
step = jax.jit(jax.shard_map(train_step, mesh=mesh, in_specs=(specs, P("fsdp")), out_specs=(P(), specs),
                             check_vma=False))
step.trace(params, jax.ShapeDtypeStruct((8, 16, D), jnp.float32)).lower(lowering_platforms=("cuda",))
