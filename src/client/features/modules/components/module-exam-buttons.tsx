import { Link } from 'wouter';
import { Button } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { paths } from '../../../lib/paths.ts';
import { useModuleExams } from '../api/use-module-exams.ts';

/**
 * A button per exam of the module, named by the exam's title. Nothing while they load or when
 * there are none: they join the buttons under the video, so nothing above them moves.
 */
export function ModuleExamButtons({ courseId, moduleId, enabled }: { courseId: string; moduleId: string; enabled: boolean }) {
  const exams = useModuleExams(moduleId, enabled);
  if (!exams.data || exams.data.length === 0) return null;
  return (
    <>
      {exams.data.map((exam) => (
        <Button
          key={exam.id}
          component={Link}
          href={paths.exam(courseId, moduleId, exam.id)}
          size="md"
          // The app's blue, like the module's other actions: green would read as something done.
          variant="light"
          h="auto"
          mih={42}
          py={8}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          leftSection={<IconClipboardCheck size={20} aria-hidden />}
        >
          {exam.title}
        </Button>
      ))}
    </>
  );
}
