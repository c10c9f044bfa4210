import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from attention import Decoder

BATCH = 8
mesh = Mesh(np.array(jax.devices()), ("data",))
model = Decoder()

tok = jnp.zeros((BATCH, 1), jnp.int32)
variables = jax.eval_shape(lambda: model.init(jax.random.key(0), tok, decode=True))
params, cache = variables["params"], variables["cache"]

replicated = NamedSharding(mesh, P())
param_sh = jax.tree.map(lambda _: replicated, params)
cache_sh = jax.tree.map(lambda a: NamedSharding(mesh, P("data") if a.ndim else P()), cache)
tok_sh = NamedSharding(mesh, P("data"))


def decode_step(params, cache, tok):
    logits, mutated = model.apply({"params": params, "cache": cache}, tok, decode=True, mutable=["cache"])
    next_tok = jnp.argmax(logits[:, -1], axis=-1)[:, None]
    return next_tok, mutated["cache"]


step = jax.jit(decode_step, in_shardings=(param_sh, cache_sh, tok_sh),
               out_shardings=(tok_sh, cache_sh), donate_argnums=(1,))
step.trace(params, cache, tok).lower(lowering_platforms=("tpu",))
