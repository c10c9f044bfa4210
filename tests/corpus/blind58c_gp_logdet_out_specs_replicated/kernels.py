import jax.numpy as jnp


def matern52(x1, x2, lengthscale, variance):
    d = jnp.sqrt(jnp.sum((x1[:, None, :] - x2[None, :, :]) ** 2, axis=-1) + 1e-12) / lengthscale
    s5 = jnp.sqrt(5.0) * d
    return variance * (1.0 + s5 + 5.0 / 3.0 * d ** 2) * jnp.exp(-s5)


def block_diag_nll(k_block, y_block, noise):
    """Negative log-likelihood of one block of a block-diagonal GP approximation."""
    n = y_block.shape[0]
    chol = jnp.linalg.cholesky(k_block + noise * jnp.eye(n))
    alpha = jnp.linalg.solve(chol.T, jnp.linalg.solve(chol, y_block))
    return 0.5 * y_block @ alpha + jnp.sum(jnp.log(jnp.diag(chol))) + 0.5 * n * jnp.log(2 * jnp.pi)
