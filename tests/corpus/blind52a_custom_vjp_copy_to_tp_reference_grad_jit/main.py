import jax
import jax.numpy as jnp

from tp import column_parallel_loss

# Reference gradient on unsharded weights, to compare against the tensor-parallel run.
reference_grad = jax.jit(jax.grad(lambda params, x: column_parallel_loss(params, x).sum(), argnums=1))

params = [jnp.ones((16, 32)) * 0.1]
x = jnp.ones((8, 16))
print(reference_grad.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
