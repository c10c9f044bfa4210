from .comm import STAGE_AXIS, send_forward, recv_forward, send_backward, recv_backward
from .schedule import pipeline_step

__all__ = ["STAGE_AXIS", "send_forward", "recv_forward", "send_backward",
           "recv_backward", "pipeline_step"]
