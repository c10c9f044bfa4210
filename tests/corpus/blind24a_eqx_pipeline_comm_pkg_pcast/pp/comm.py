"""Point-to-point stage communication for pipeline parallel training."""
from jax import lax as L


def forward_perm(num_stages):
    return [(s, s + 1) for s in range(num_stages - 1)]


def shift_to_next_stage(h, axis_name, num_stages):
    """Send this stage's activation to the next stage and receive the previous stage's."""
    perm = forward_perm(num_stages)
    token = L.psend(h, axis_name, perm)
    received = L.precv(token, h, axis_name, perm)
    # precv's result carries no varying-axis information: mark it as per-stage.
    return L.pcast(received, axis_name, to="varying")
